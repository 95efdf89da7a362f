/**
 * What storage holds, read through the storage module (shared/integrations/storage), so a test asserts
 * the same thing with the local folder and with the S3 backend of `npm run test:s3`.
 */

/** Every stored object's key under private/ and public/, sorted. */
export async function storedKeys(): Promise<string[]> {
  const { listObjects } = await import('../../shared/integrations/storage');
  const keys: string[] = [];
  for (const top of ['private/', 'public/']) for await (const object of listObjects(top)) keys.push(object.key);
  return keys.sort();
}

/** The stored bytes of `key`, or null. */
export async function storedBytes(key: string): Promise<Buffer | null> {
  const { getObject } = await import('../../shared/integrations/storage');
  return getObject(key);
}

export async function isStored(key: string): Promise<boolean> {
  return (await storedBytes(key)) !== null;
}

/** Removes `key` from storage, as a lost write or a cleared bucket would. */
export async function removeStored(key: string): Promise<void> {
  const { removeObject } = await import('../../shared/integrations/storage');
  await removeObject(key);
}
