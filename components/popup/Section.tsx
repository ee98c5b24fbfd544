import type { ComponentChildren } from 'preact';

export interface SectionProps {
  readonly id: string;
  readonly title: string;
  readonly children: ComponentChildren;
}

/** One stacked section of the inspector, the target of a nav link. */
export function Section({ id, title, children }: SectionProps) {
  return (
    <section id={id} class="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}
