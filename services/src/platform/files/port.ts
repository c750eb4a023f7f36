/** A stored file as read back: its bytes (decrypted when it was stored encrypted) and what it is. */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
  size: number;
  createdAt: string;
}

export interface PutFileOptions {
  /** The type the content was checked to be (`platform/uploads`), never the name's or the client's claim. */
  contentType: string;
  /** Encrypt at rest (AES-256-GCM under a key derived from ENCRYPTION_KEY): face, signature, documents. */
  encrypted?: boolean;
}

/**
 * Files the modules keep (face images, signatures, profile photos, documents, reports), by key. A key is chosen by the
 * module and starts with its name (`identity/face/<id>`); putting a key again replaces the file.
 */
export interface Files {
  put(key: string, bytes: Buffer, options: PutFileOptions): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<boolean>;
}

/** What an adapter keeps: the bytes as given (already encrypted when `encrypted`). */
export interface FileRow {
  key: string;
  contentType: string;
  encrypted: boolean;
  bytes: Buffer;
  createdAt: string;
}

/** The engine half of a Files adapter; `encryptedFiles()` wraps it into the port. */
export interface FileRows {
  put(row: FileRow): Promise<void>;
  get(key: string): Promise<FileRow | null>;
  delete(key: string): Promise<boolean>;
}

export const FILE_KEY = /^[a-z0-9]+\/[A-Za-z0-9._/-]{1,200}$/;
