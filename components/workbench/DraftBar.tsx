/** One saved draft. */
interface DraftInfo {
  readonly id: string;
  readonly name: string;
}

export interface DraftBarProps {
  readonly drafts: readonly DraftInfo[];
  readonly currentId: string;
  readonly savedNote: string;
  readonly onSelect: (id: string) => void;
  readonly onRename: (name: string) => void;
  readonly onDuplicate: () => void;
  readonly onRevert: () => void;
  readonly onDelete: () => void;
  readonly onDownload: () => void;
  readonly onLoadFile: (file: File) => void;
}

/** Draft picker and actions: rename, duplicate, revert to live, delete, download as robots.txt, load a file. */
export function DraftBar(props: DraftBarProps) {
  const current = props.drafts.find((d) => d.id === props.currentId);
  return (
    <div class="wb-draftbar">
      <label>
        Editing{' '}
        <select
          data-testid="draft-select"
          value={props.currentId}
          onChange={(e) => props.onSelect(e.currentTarget.value)}
        >
          {props.drafts.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Name{' '}
        <input
          type="text"
          data-testid="draft-name"
          value={current?.name ?? ''}
          onChange={(e) => props.onRename(e.currentTarget.value)}
        />
      </label>
      <button type="button" class="small" onClick={props.onDuplicate} data-testid="draft-duplicate">
        Duplicate
      </button>
      <button type="button" class="small" onClick={props.onRevert} data-testid="draft-revert">
        Revert to live
      </button>
      <button type="button" class="small" onClick={props.onDelete} disabled={props.drafts.length < 2}>
        Delete
      </button>
      <button type="button" class="small" onClick={props.onDownload} data-testid="draft-download">
        Download robots.txt
      </button>
      <label class="file-button small">
        Load a file…
        <input
          type="file"
          accept=".txt,text/plain"
          data-testid="draft-file"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) props.onLoadFile(file);
          }}
        />
      </label>
      <span class="muted" data-testid="draft-saved">
        {props.savedNote}
      </span>
    </div>
  );
}
