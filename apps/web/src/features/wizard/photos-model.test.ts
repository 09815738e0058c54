import { photoFormats, photoMessages, sayIn } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { fileOfSize, imageFile } from '../../test/xhr';
import {
  acceptedPhotoTypes,
  formatBytes,
  isAcceptedPhotoFile,
  photoMaxBytes,
  precheckPhotos,
  thumbnailUrl,
} from './photos-model';

describe('photos model', () => {
  it('accepts JPEG, PNG, WebP and AVIF by type, or by name when the type is missing', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/avif']) {
      expect(isAcceptedPhotoFile(imageFile('x', 1, type))).toBe(true);
    }
    expect(isAcceptedPhotoFile(imageFile('x.gif', 1, 'image/gif'))).toBe(false);
    expect(isAcceptedPhotoFile(imageFile('IMG_1.AVIF', 1, ''))).toBe(true);
    expect(isAcceptedPhotoFile(imageFile('notes', 1, ''))).toBe(false);
  });

  it('takes HEIC and HEIF from phones, by type or by name (issue 24)', () => {
    for (const file of [
      imageFile('IMG_1.jpg', 1, 'image/heic'),
      imageFile('IMG_2.jpg', 1, 'image/heif'),
      imageFile('IMG_3.HEIC', 1, ''),
      imageFile('IMG_4.heif', 1, ''),
    ]) {
      expect(isAcceptedPhotoFile(file)).toBe(true);
      expect(precheckPhotos([file], 0)).toEqual({ accepted: [file], refused: [] });
    }
  });

  it('lets the picker offer exactly the formats the server takes, HEIC under both its types', () => {
    expect(acceptedPhotoTypes).toEqual({
      ...Object.fromEntries(photoFormats.map((format) => [format.mimeType, format.extensions])),
      'image/heif': [],
    });
    expect(acceptedPhotoTypes['image/heic']).toEqual(['.heic', '.heif', '.hif']);
  });

  it('refuses by type, size and the room left under 30, in order', () => {
    const files = [
      imageFile('a.jpg'),
      imageFile('b.txt', 1, 'text/plain'),
      fileOfSize('c.jpg', photoMaxBytes + 1),
      fileOfSize('d.jpg', photoMaxBytes),
      imageFile('e.jpg'),
    ];
    const { accepted, refused } = precheckPhotos(files, 28);
    expect(accepted.map((file) => file.name)).toEqual(['a.jpg', 'd.jpg']);
    expect(refused.map(({ file, message }) => [file.name, sayIn('en', message)])).toEqual([
      ['b.txt', sayIn('en', photoMessages.notAnImage)],
      ['c.jpg', sayIn('en', photoMessages.tooLarge)],
      ['e.jpg', sayIn('en', photoMessages.tooMany({ max: 30 }))],
    ]);
    expect(precheckPhotos([imageFile('a.jpg')], 31).refused).toHaveLength(1);
  });

  it('names the 400-wide thumbnail and formats sizes', () => {
    expect(thumbnailUrl('/photos/7/abc-1600.webp')).toBe('/photos/7/abc-400.webp');
    expect(thumbnailUrl('/photos/7/abc.webp')).toBe('/photos/7/abc.webp');
    // The owner's links carry their permission in the query: the thumbnail keeps it.
    expect(thumbnailUrl('/photos/7/abc-1600.webp?token=owner.1.sig')).toBe(
      '/photos/7/abc-400.webp?token=owner.1.sig',
    );
    expect(formatBytes(1536)).toBe('2 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
