/** The Indexability section mounted in the popup: the panel and the Mark links toggle over the popup state. */
import { IndexabilityPanel } from '../../components/popup/Indexability';
import { IndexabilityMarks } from '../../components/popup/IndexabilityMarks';
import { Section } from '../../components/popup/Section';
import type { PopupState } from './state';

export function IndexabilitySection({ state }: { state: PopupState }) {
  const idx = state.indexability;
  const view = idx.view.value;
  if (view === null) return null;
  const marks = idx.marks.value;
  const crawlerName = state.crawler.value.name;
  return (
    <Section id="indexability" title="Indexability">
      <IndexabilityPanel
        view={view}
        crawlerName={crawlerName}
        refetching={idx.refetching.value}
        refetchError={idx.refetchError.value}
        onRefetch={() => void idx.refetch()}
      />
      {view.kind === 'ready' && view.contentScript ? (
        <IndexabilityMarks
          on={marks.on}
          busy={marks.busy}
          counts={marks.counts}
          timing={marks.run}
          error={marks.error}
          crawlerName={crawlerName}
          onToggle={(on) => void idx.setMarks(on)}
        />
      ) : null}
    </Section>
  );
}
