/**
 * Run inside an extension page (page.evaluate): opens the history database and starts a readwrite
 * transaction over every store that never ends, so each history read and write of the worker or
 * background page waits forever, as when IndexedDB never answers. Self-contained: it is serialised.
 */
export async function holdHistoryDatabase(): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('robotscope-history');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('open failed'));
  });
  const tx = db.transaction(db.objectStoreNames, 'readwrite');
  const spin = () => {
    tx.objectStore('origins').get('never').onsuccess = spin;
  };
  spin();
}
