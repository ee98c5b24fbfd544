// What lib/tsconfig.json maps WXT, Preact, extension APIs and node: modules to: nothing. An import
// of one of them from lib/ fails to compile (lib/ runs in Node, the worker and the popup alike).
export type LibMustNotImportThis = never;
