import bcrypt from 'bcryptjs';
import type { Menu } from '@publisher/contract';
import { generateApiKey } from '../auth/auth.service';
import { defaultMenu } from '../auth/default-menu';
import { UserModel, type UserRecord } from '../auth/user.model';
import { createTokenService } from '../shared/auth/token';
import { testConfig } from './test-app';

let sequence = 0;

export interface BuiltVendor {
  user: UserRecord;
  password: string;
  token: string;
}

export interface VendorOverrides {
  fullName?: string;
  email?: string;
  password?: string;
  vendorId?: number;
  role?: 'vendor' | 'admin';
  isPublisherAI?: boolean;
  isShortUrlEnabled?: boolean;
  menu?: Menu;
}

/** Inserts a vendor with a known password and returns it with a valid token. */
export async function buildVendor(overrides: VendorOverrides = {}): Promise<BuiltVendor> {
  sequence += 1;
  const password = overrides.password ?? `Secret-${sequence}x`;
  const created = await UserModel.create({
    fullName: overrides.fullName ?? `Test Vendor ${sequence}`,
    email: overrides.email ?? `vendor${sequence}.${Date.now()}@example.test`,
    passwordHash: await bcrypt.hash(password, 4),
    vendorId: overrides.vendorId ?? 7000 + sequence,
    apiKey: generateApiKey(),
    role: overrides.role ?? 'vendor',
    isPublisherAI: overrides.isPublisherAI ?? false,
    isShortUrlEnabled: overrides.isShortUrlEnabled ?? false,
    menu: overrides.menu ?? defaultMenu(),
  });
  const user = created.toObject<UserRecord>();
  const config = testConfig();
  const token = createTokenService(config.jwtSecret, config.jwtExpiresInSeconds).sign(user._id.toHexString(), 0);
  return { user, password, token };
}
