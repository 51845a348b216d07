import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A browser that has signed in to an account before, as its device cookie proves (OWASP,
 * "Slow down online guessing attacks with device cookies"). Its sign-in attempts at that account
 * count in a bucket of their own instead of the account's, so strangers guessing at the account
 * cannot shut its owner out.
 */
export interface TrustedDevice {
  userId: string;
  /** Random, one per cookie issued: names the device's own rate-limit bucket. */
  deviceId: string;
}

const mac = (key: Buffer, userId: string, deviceId: string): Buffer => createHmac('sha256', key).update(`sf_device.v1.${userId}.${deviceId}`).digest();

/**
 * Wire format of the cookie's value: `<user id>.<device id>.<mac>`, the device id 16 random
 * bytes and the mac HMAC-SHA-256 over `sf_device.v1.<user id>.<device id>`, both base64url.
 */
export const issueDeviceToken = (key: Buffer, userId: string): string => {
  const deviceId = randomBytes(16).toString('base64url');
  return `${userId}.${deviceId}.${mac(key, userId, deviceId).toString('base64url')}`;
};

/** The device a token names, or null for anything this key did not issue. */
export const verifyDeviceToken = (key: Buffer, token: string): TrustedDevice | null => {
  const [userId, deviceId, signature, ...rest] = token.split('.');
  if (!userId || !deviceId || !signature || rest.length > 0) return null;
  const expected = mac(key, userId, deviceId);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, deviceId };
};
