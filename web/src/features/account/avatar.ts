/** Spec/contract: the avatar is a data URL of a PNG, JPEG or WebP image of at most 256 KiB. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 256 * 1024;

export type AvatarCheck = { ok: true } | { ok: false; reason: 'type' | 'size' };

/** Whether `file` may become the avatar (its data URL must stay within the limit too). */
export function checkAvatarFile(file: Pick<File, 'type' | 'size'>): AvatarCheck {
  if (!AVATAR_TYPES.some((type) => type === file.type)) return { ok: false, reason: 'type' };
  if (file.size > AVATAR_MAX_BYTES) return { ok: false, reason: 'size' };
  return { ok: true };
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsDataURL(file);
  });
}
