import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@starforge/contracts/nft';
import { IMAGE_ACCEPT, imageFileIssue } from './image-file';

describe('imageFileIssue', () => {
  it('accepts PNG, JPEG, GIF and WebP up to 10 MiB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) {
      expect(imageFileIssue({ type, size: 1 })).toBeNull();
      expect(imageFileIssue({ type, size: IMAGE_MAX_BYTES })).toBeNull();
    }
  });

  it('refuses a file over 10 MiB with the spec words', () => {
    expect(imageFileIssue({ type: 'image/png', size: IMAGE_MAX_BYTES + 1 })).toBe('Image size must be less than 10MB');
  });

  it('refuses anything that is not a stored image type, and an empty file', () => {
    for (const type of ['text/plain', 'image/svg+xml', 'application/pdf', '']) {
      expect(imageFileIssue({ type, size: 10 })).toBe('Please select a valid image file');
    }
    expect(imageFileIssue({ type: 'image/png', size: 0 })).toBe('Please select a valid image file');
  });

  it('offers the same types to the file picker', () => {
    expect(IMAGE_ACCEPT).toBe('image/png,image/jpeg,image/gif,image/webp');
  });
});
