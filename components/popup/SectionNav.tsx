interface SectionLink {
  readonly id: string;
  readonly label: string;
}

export interface SectionNavProps {
  readonly sections: readonly SectionLink[];
}

/** The sticky in-page nav: links to the stacked sections (every section stays in the DOM). */
export function SectionNav({ sections }: SectionNavProps) {
  return (
    <nav class="section-nav" aria-label="Sections">
      {sections.map((s) => (
        <a key={s.id} href={`#${s.id}`}>
          {s.label}
        </a>
      ))}
    </nav>
  );
}
