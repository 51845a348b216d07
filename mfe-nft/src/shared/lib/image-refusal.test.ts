import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@starforge/host/http';
import { imageRefusal } from './image-refusal';

describe('imageRefusal', () => {
  it('shows what the server said of bytes over the limit', () => {
    expect(imageRefusal(new ApiRequestError(413, 'payload_too_large', 'Image size must be less than 10MB'))).toBe('Image size must be less than 10MB');
    expect(imageRefusal(new ApiRequestError(413, 'http_error', ''))).toBe('Image size must be less than 10MB');
  });

  it('shows what the server said of bytes that are no image', () => {
    expect(imageRefusal(new ApiRequestError(415, 'invalid_image', 'Please select a valid image file'))).toBe('Please select a valid image file');
  });

  it('gives the spec words for a 415 about the declared type', () => {
    expect(imageRefusal(new ApiRequestError(415, 'unsupported_media_type', 'This route takes image/png, image/jpeg'))).toBe('Please select a valid image file');
  });

  it('is null for every other failure', () => {
    expect(imageRefusal(new ApiRequestError(400, 'validation_failed', 'Name must be at least 3 characters'))).toBeNull();
    expect(imageRefusal(new ApiRequestError(0, 'network_error', 'Network error'))).toBeNull();
    expect(imageRefusal(new Error('boom'))).toBeNull();
  });
});
