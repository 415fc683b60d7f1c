import { z } from 'zod';
import { apiKeyBodyField, isoDateTimeSchema, objectIdSchema } from '../common/fields';
import { unanchored, withOpenApiHint } from '../common/openapi-hints';

/** Field limits of part 1 §5 and part 2 §5. */
export const ACCOUNT_LIMITS = {
  fullNameMax: 60,
  passwordMin: 6,
  passwordMax: 30,
  phoneMax: 10,
  zipMax: 5,
  emailMax: 254,
  textMax: 200,
} as const;

/** Exact texts of part 1 §5. */
export const ACCOUNT_MESSAGES = {
  fullNameRequired: 'Please Enter Full Name',
  fullNameTooLong: `Full Name can be at most ${ACCOUNT_LIMITS.fullNameMax} characters`,
  emailRequired: 'Please Enter Email',
  emailInvalid: 'Please Enter valid email',
  passwordRequired: 'Please Enter Password',
  passwordTooShort: 'Password requires 6 characters minimum',
  passwordTooLong: `Password can be at most ${ACCOUNT_LIMITS.passwordMax} characters`,
  confirmPasswordTooLong: `Confirm Password can be at most ${ACCOUNT_LIMITS.passwordMax} characters`,
  passwordsDiffer: 'Password and Confirm Password fields value must be matched',
  phoneDigits: 'Phone Number accepts digits only, at most 10',
  zipDigits: 'Zip accepts digits only, at most 5',
  emailTaken: 'An account with this email already exists.',
  invalidCredentials: 'Invalid email or password.',
  currentPasswordWrong: 'Current password is incorrect.',
  newPasswordSame: 'New password must differ from the current password.',
  passwordChanged: 'Password Changed successfully',
  accountUpdated: 'Account details updated.',
  apiKeyRegenerated: 'A new API key was issued. The old key no longer works.',
  tooManyFailedSignins: 'Too many failed sign-ins for this account. Please wait a few minutes and try again.',
  controlCharacters: 'This field cannot contain control characters (such as tabs or line breaks).',
} as const;

/**
 * No control characters (C0 and DEL): a name or address line holding them shows as boxes in every header and list
 * it appears in. Written as a range, not `\p{Cc}`, so the OpenAPI pattern reads the same in every regex dialect.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;

/** The standard email pattern the sign-up form checks on change. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

export const emailSchema = z
  .string({ required_error: ACCOUNT_MESSAGES.emailRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.emailRequired)
  .max(ACCOUNT_LIMITS.emailMax, ACCOUNT_MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, ACCOUNT_MESSAGES.emailInvalid);

const newPasswordSchema = z
  .string({ required_error: ACCOUNT_MESSAGES.passwordRequired })
  .min(1, ACCOUNT_MESSAGES.passwordRequired)
  .min(ACCOUNT_LIMITS.passwordMin, ACCOUNT_MESSAGES.passwordTooShort)
  .max(ACCOUNT_LIMITS.passwordMax, ACCOUNT_MESSAGES.passwordTooLong);

export const fullNameSchema = z
  .string({ required_error: ACCOUNT_MESSAGES.fullNameRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.fullNameRequired)
  .max(ACCOUNT_LIMITS.fullNameMax, ACCOUNT_MESSAGES.fullNameTooLong)
  .regex(NO_CONTROL_CHARACTERS, ACCOUNT_MESSAGES.controlCharacters);

/** Digits only, possibly empty (the phone is optional). */
export const phoneNumberSchema = z
  .string()
  .regex(new RegExp(`^\\d{0,${ACCOUNT_LIMITS.phoneMax}}$`), ACCOUNT_MESSAGES.phoneDigits);

export const zipSchema = z.string().regex(new RegExp(`^\\d{0,${ACCOUNT_LIMITS.zipMax}}$`), ACCOUNT_MESSAGES.zipDigits);

/** One deep-link product line of the menu: may the vendor use it as CPC, as CPA. */
export const deeplinkFlagsSchema = z.object({ cpc: z.boolean(), cpa: z.boolean() });
export type DeeplinkFlags = z.infer<typeof deeplinkFlagsSchema>;

export const DEEPLINK_KEYS = ['deeplink1', 'deeplink2', 'deeplink3', 'deeplink4', 'deeplink5'] as const;
export type DeeplinkKey = (typeof DEEPLINK_KEYS)[number];

/** Per-vendor menu flags (part 2 §3 "User"): which sections the vendor may see. */
export const menuSchema = z.object({
  merchants: z.boolean(),
  products: z.boolean(),
  deeplink1: deeplinkFlagsSchema,
  deeplink2: deeplinkFlagsSchema,
  deeplink3: deeplinkFlagsSchema,
  deeplink4: deeplinkFlagsSchema,
  deeplink5: deeplinkFlagsSchema,
});
export type Menu = z.infer<typeof menuSchema>;

export const userRoleSchema = z.enum(['vendor', 'admin']);
export type UserRole = z.infer<typeof userRoleSchema>;

/** The signed-in vendor as every auth call returns it. Never carries the password hash. */
export const userSchema = z.object({
  _id: objectIdSchema,
  fullName: z.string(),
  email: z.string(),
  secondaryEmail: z.string(),
  secondaryEmail2: z.string(),
  secondaryEmail3: z.string(),
  secondaryEmail4: z.string(),
  address1: z.string(),
  address2: z.string(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  zip: z.string(),
  phoneNumber: z.string(),
  /** Numeric vendor id; also the publisher id and the campaign id of the vendor's links. */
  vendorId: z.number().int().positive(),
  apiKey: z.string(),
  influenceCode: z.string(),
  menu: menuSchema,
  /** Belongs to the AI-branded variant of the product: gets the reduced menu. */
  isPublisherAI: z.boolean(),
  /** The short-URL switch (part 2 §1, §7): the deep-link screens offer Shorten, and the API shortens, only when on. */
  isShortUrlEnabled: z.boolean(),
  role: userRoleSchema,
  /** Part 1 §3: the name split for greetings. */
  data: z.object({ firstName: z.string(), lastName: z.string() }),
  createdAt: isoDateTimeSchema,
});
export type User = z.infer<typeof userSchema>;

export const signinBodySchema = z.object({
  email: z
    .string({ required_error: ACCOUNT_MESSAGES.emailRequired })
    .trim()
    .min(1, ACCOUNT_MESSAGES.emailRequired)
    .max(ACCOUNT_LIMITS.emailMax, ACCOUNT_MESSAGES.emailInvalid),
  password: z
    .string({ required_error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .max(200, ACCOUNT_MESSAGES.passwordTooLong),
});
export type SigninBody = z.infer<typeof signinBodySchema>;

/** Sign-up payload, with the spec's spelling `conformPassword`. */
export const signupBodySchema = z
  .object({
    fullName: fullNameSchema,
    phoneNumber: phoneNumberSchema.optional().default(''),
    email: emailSchema,
    password: newPasswordSchema,
    conformPassword: z
      .string({ required_error: ACCOUNT_MESSAGES.passwordRequired })
      .min(1, ACCOUNT_MESSAGES.passwordRequired)
      .max(ACCOUNT_LIMITS.passwordMax, ACCOUNT_MESSAGES.confirmPasswordTooLong),
  })
  .refine((body) => body.password === body.conformPassword, {
    message: ACCOUNT_MESSAGES.passwordsDiffer,
    path: ['conformPassword'],
  });
export type SignupBody = z.input<typeof signupBodySchema>;

export const authResponseSchema = z.object({ user: userSchema, token: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

const optionalText = z
  .string()
  .trim()
  .max(ACCOUNT_LIMITS.textMax)
  .regex(NO_CONTROL_CHARACTERS, ACCOUNT_MESSAGES.controlCharacters);

/**
 * A secondary email: empty, or a valid address (stored trimmed and lower-cased). The one rule of every call that
 * stores one (PUT /auth/update and PUT /dashboard/settings); part 2 §5's "not validated" is about the edit form,
 * which leaves the check to the server.
 */
export const secondaryEmailField = withOpenApiHint(
  z
    .string()
    .trim()
    .toLowerCase()
    .max(ACCOUNT_LIMITS.emailMax, ACCOUNT_MESSAGES.emailInvalid)
    .refine((value) => value === '' || EMAIL_PATTERN.test(value), ACCOUNT_MESSAGES.emailInvalid),
  // EMAIL_PATTERN itself rather than `format: email`, which also admits quoted names and address literals.
  {
    type: 'string',
    maxLength: ACCOUNT_LIMITS.emailMax,
    anyOf: [
      { type: 'string', pattern: `^\\s*${unanchored(EMAIL_PATTERN)}\\s*$` },
      { type: 'string', pattern: '^\\s*$' },
    ],
  },
);
const secondaryEmail = secondaryEmailField;

/**
 * PUT /auth/update: the caller's editable account fields. Vendor ID and email are read-only and not accepted.
 * Every field is optional; only the ones sent change.
 */
export const updateAccountBodySchema = z
  .object({
    fullName: fullNameSchema,
    secondaryEmail,
    secondaryEmail2: secondaryEmail,
    secondaryEmail3: secondaryEmail,
    secondaryEmail4: secondaryEmail,
    address1: optionalText,
    address2: optionalText,
    city: optionalText,
    state: optionalText,
    country: optionalText,
    zip: zipSchema,
    phoneNumber: phoneNumberSchema,
    influenceCode: optionalText,
    apiKey: apiKeyBodyField,
  })
  .partial()
  .strict();
export type UpdateAccountBody = z.infer<typeof updateAccountBodySchema>;

export const userEnvelopeSchema = z.object({ data: userSchema });
export const updateAccountResponseSchema = z.object({
  data: userSchema,
  statusMessages: z.array(z.string()),
});

/** POST /auth/changePassword payload of part 2 §3. `_id` must be the caller's own id. */
export const changePasswordBodySchema = z.object({
  _id: objectIdSchema,
  currentPassword: z
    .string({ required_error: 'Please Enter Old Password' })
    .min(1, 'Please Enter Old Password')
    .max(200, ACCOUNT_MESSAGES.passwordTooLong),
  newPassword: newPasswordSchema,
  apiKey: apiKeyBodyField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changePasswordResponseSchema = z.object({
  success: z.literal(true),
  statusMessages: z.array(z.string()),
});

/** POST /auth/regenerateApiKey: nothing to send but, as every post call, optionally the caller's current apiKey. */
export const regenerateApiKeyBodySchema = z.object({ apiKey: z.string().max(200).optional() });
export type RegenerateApiKeyBody = z.infer<typeof regenerateApiKeyBodySchema>;
