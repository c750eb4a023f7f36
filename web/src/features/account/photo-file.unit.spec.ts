import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES, photoFileProblem } from './photo-file.ts';

describe('photoFileProblem', () => {
  it('accepts JPEG, PNG and WebP up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(photoFileProblem({ type, size: MAX_PHOTO_BYTES })).toBeNull();
  });
  it('refuses other types, an empty file and one over 5 MB', () => {
    expect(photoFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('Choose a JPEG, PNG or WebP image.');
    expect(photoFileProblem({ type: 'application/pdf', size: 10 })).toBe('Choose a JPEG, PNG or WebP image.');
    expect(photoFileProblem({ type: 'image/png', size: 0 })).toBe('This file is empty. Choose another image.');
    expect(photoFileProblem({ type: 'image/png', size: MAX_PHOTO_BYTES + 1 })).toBe('The image is larger than 5 MB. Choose a smaller one.');
  });
});
