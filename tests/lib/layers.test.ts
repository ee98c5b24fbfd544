import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph } from '../support/import-graph';

// The product's layers (README § Architecture). Inside lib/, each folder belongs to one layer and
// may import its own layer and the layers below it, never above: the engine reads no protocol type,
// so a change to a message cannot reach the parser. Outside lib/, the graph has no cycle either.
const ROOT = resolve(import.meta.dirname, '..', '..');

/** lib/'s layers, lowest first; a folder (or top-level file) may import only its layer and those before it. */
const LAYERS: readonly { readonly name: string; readonly members: readonly string[] }[] = [
  { name: 'shared rules', members: ['shared'] },
  { name: 'crawler catalogue', members: ['crawlers'] },
  {
    name: 'engines',
    members: ['robots', 'fetch', 'directives', 'page-directives', 'sitemaps', 'usage', 'lens'],
  },
  { name: 'verdicts', members: ['verdict'] },
  {
    name: 'features',
    members: ['cache', 'history', 'logs', 'probe', 'resources', 'workbench', 'settings.ts', 'settings-schema.ts'],
  },
  { name: 'protocol', members: ['protocol'] },
];

function layerOf(libPath: string): number {
  const first = libPath.split('/')[1] ?? '';
  const index = LAYERS.findIndex((layer) => layer.members.includes(first));
  if (index < 0) throw new Error(`${libPath} is in no layer: add its folder to LAYERS`);
  return index;
}

/** Returns each import that goes up a layer, as `from → to (layer → layer)`. */
function layerViolations(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const violations: string[] = [];
  for (const [from, targets] of graph) {
    if (!from.startsWith('lib/')) continue;
    for (const to of targets) {
      if (!to.startsWith('lib/')) {
        violations.push(`${from} → ${to} (lib/ imports outside lib/)`);
        continue;
      }
      const a = layerOf(from);
      const b = layerOf(to);
      if (b > a) violations.push(`${from} → ${to} (${LAYERS[a]!.name} → ${LAYERS[b]!.name})`);
    }
  }
  return violations;
}

/** lib/'s folder (or top-level file) of a lib/ path: `lib/history/diff.ts` → `history`. */
function folderOf(libPath: string): string {
  return libPath.split('/')[1] ?? '';
}

/**
 * Returns each cycle between lib/ folders (a layer's folders may import one another, but never in a
 * ring), as its folders and the imports that make it: `history ↔ probe: lib/history/x.ts → lib/probe/y.ts, …`.
 */
function folderCycles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const folders = new Map<string, Set<string>>();
  for (const [from, targets] of graph) {
    if (!from.startsWith('lib/')) continue;
    const edges = folders.get(folderOf(from)) ?? new Set<string>();
    folders.set(folderOf(from), edges);
    for (const to of targets) if (to.startsWith('lib/') && folderOf(to) !== folderOf(from)) edges.add(folderOf(to));
  }
  const folderGraph = new Map([...folders].map(([folder, edges]) => [folder, [...edges]]));
  return findCycles(folderGraph).map((ring) => {
    const imports = [...graph].flatMap(([from, targets]) =>
      ring.includes(folderOf(from))
        ? targets
            .filter((to) => to.startsWith('lib/') && ring.includes(folderOf(to)) && folderOf(to) !== folderOf(from))
            .map((to) => `${from} → ${to}`)
        : [],
    );
    return `${ring.join(' ↔ ')}: ${imports.sort().join(', ')}`;
  });
}

describe('layers', () => {
  const graph = importGraph(ROOT, ['lib', 'entrypoints', 'components']);

  it('reads the whole product', () => {
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.get('lib/verdict/page-verdict.ts')).toContain('lib/verdict/types.ts');
  });

  it('every lib/ folder is in a layer', () => {
    for (const file of graph.keys()) if (file.startsWith('lib/')) expect(() => layerOf(file)).not.toThrow();
  });

  it('no lib/ module imports a layer above its own (the engines never import the protocol)', () => {
    expect(layerViolations(graph)).toEqual([]);
  });

  it('no two lib/ folders import each other, directly or through others', () => {
    expect(folderCycles(graph)).toEqual([]);
  });

  it("no page's state or worker module imports a component: views and state share view-model types", () => {
    const intoViews = [...graph].flatMap(([from, targets]) =>
      from.startsWith('entrypoints/') && from.endsWith('.ts')
        ? targets.filter((to) => to.endsWith('.tsx')).map((to) => `${from} → ${to}`)
        : [],
    );
    expect(intoViews).toEqual([]);
  });

  it('the product has no import cycle', () => {
    expect(findCycles(graph)).toEqual([]);
  });

  it('the checks see a cycle and an import up a layer when there is one', () => {
    const bad = new Map<string, string[]>([
      ['lib/robots/a.ts', ['lib/protocol/messages.ts']],
      ['lib/protocol/messages.ts', ['lib/verdict/types.ts']],
      ['lib/verdict/types.ts', ['lib/robots/a.ts']],
    ]);
    expect(findCycles(bad)).toEqual([['lib/protocol/messages.ts', 'lib/robots/a.ts', 'lib/verdict/types.ts']]);
    expect(layerViolations(bad)).toEqual(['lib/robots/a.ts → lib/protocol/messages.ts (engines → protocol)']);
    expect(layerViolations(new Map([['lib/shared/x.ts', ['lib/robots/index.ts']]]))).toEqual([
      'lib/shared/x.ts → lib/robots/index.ts (shared rules → engines)',
    ]);
    expect(findCycles(new Map([['a.ts', ['a.ts']]]))).toEqual([['a.ts']]);
    // No file cycle, but a ring of folders: history reads probe, probe reads history's other file.
    const ring = new Map<string, string[]>([
      ['lib/history/evidence.ts', ['lib/probe/types.ts', 'lib/history/diff.ts']],
      ['lib/probe/types.ts', []],
      ['lib/probe/classify.ts', ['lib/history/diff.ts', 'lib/shared/lines.ts']],
      ['lib/history/diff.ts', ['lib/shared/lines.ts']],
      ['lib/shared/lines.ts', []],
    ]);
    expect(findCycles(ring)).toEqual([]);
    expect(folderCycles(ring)).toEqual([
      'history ↔ probe: lib/history/evidence.ts → lib/probe/types.ts, lib/probe/classify.ts → lib/history/diff.ts',
    ]);
  });
});
