/**
 * Where a backup is written and read back: a folder of this machine, or a prefix of
 * a bucket. Names are the backup's own (`manifest.json`, `database.dump`,
 * `photos/{key}`), checked by the shared manifest schema before they reach here.
 */
export interface BackupStore {
  /** Nothing is there yet (a folder not made yet is empty). */
  isEmpty(): Promise<boolean>;
  write(name: string, data: Buffer): Promise<void>;
  /** The file's bytes; null when there is no such file. */
  read(name: string): Promise<Buffer | null>;
  /**
   * A file of this machine to write `name` through (a program writes it): in a folder,
   * the file itself; for a bucket, a scratch file that `save` uploads. `discard`
   * removes the scratch file (and nothing else).
   */
  staging(name: string): Promise<{ path: string; save(): Promise<void>; discard(): Promise<void> }>;
  /**
   * A file of this machine holding `name`'s bytes (a program reads it), null when there
   * is none: in a folder the file itself; from a bucket a downloaded copy, which
   * `release` removes.
   */
  localCopy(name: string): Promise<{ path: string; release(): Promise<void> } | null>;
  close(): void;
}
