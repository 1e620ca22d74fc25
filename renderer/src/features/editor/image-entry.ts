import { SPACE_IN_ADDRESS } from './url-field';

/** What the image form accepts as the image's address. */
export type ImageAddress = { ok: true; src: string } | { ok: false; message: string };

// https only: the app's CSP loads images from https (and data:, which the editor refuses for a
// post, as a megabyte of text in its HTML), so an http:// image would show here as broken.
export function readImageAddress(raw: string): ImageAddress {
  // The field starts as "https://": an address pasted after it brings its own scheme.
  const value = raw.trim().replace(/^https?:\/\/(?=https?:\/\/)/i, '');
  if (value === '' || value === 'https://')
    return { ok: false, message: 'Give the address of the image (https://…).' };
  if (/\s/.test(value)) return { ok: false, message: SPACE_IN_ADDRESS };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: 'Not a full address: it needs https:// at the start.' };
  }
  if (url.protocol === 'http:')
    return {
      ok: false,
      message: 'Quire shows images from https:// addresses only: use the image’s https:// address.',
    };
  if (url.protocol !== 'https:')
    return { ok: false, message: 'Only https:// addresses can be used for an image.' };
  if (value.length > 2048)
    return { ok: false, message: 'Addresses are limited to 2,048 characters.' };
  return { ok: true, src: value };
}
