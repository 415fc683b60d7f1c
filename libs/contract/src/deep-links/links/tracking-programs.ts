import type { ReportSource } from '../../reports/reports.schema';

/**
 * The `source` value of a direct link on this API's tracking host: which network and which pricing the click
 * belongs to. Part 2 §2 fixes deep link 2's codes (22267 CPC, 22269 CPA); the codes of deep links 1 and 5 are
 * designed here in the same series.
 */
export const TRACKING_PROGRAMS = {
  '22261': { source: 'connexity', type: 'CPC' },
  '22263': { source: 'connexity', type: 'CPA' },
  '22267': { source: 'newdashboard', type: 'CPC' },
  '22269': { source: 'newdashboard', type: 'CPA' },
  '22271': { source: 'kelkoo', type: 'CPC' },
} as const satisfies Record<string, { source: ReportSource; type: DeepLinkType }>;

export type TrackingProgramCode = keyof typeof TRACKING_PROGRAMS;
export const TRACKING_PROGRAM_CODES = Object.keys(TRACKING_PROGRAMS) as [TrackingProgramCode, ...TrackingProgramCode[]];

/** Deep link pricing: cost per click or cost per action (part 2 §1). */
export const DEEP_LINK_TYPES = ['CPC', 'CPA'] as const;
export type DeepLinkType = (typeof DEEP_LINK_TYPES)[number];

/** The sources whose links go through this API's tracking host. */
export type DirectLinkSource = 'connexity' | 'newdashboard' | 'kelkoo';

/** The program code of a source and type; kelkoo pays per click only, so its links are always CPC. */
export function trackingProgramCode(source: DirectLinkSource, type: DeepLinkType): TrackingProgramCode {
  switch (source) {
    case 'connexity':
      return type === 'CPC' ? '22261' : '22263';
    case 'newdashboard':
      return type === 'CPC' ? '22267' : '22269';
    case 'kelkoo':
      return '22271';
  }
}

/** The payloads' `isPublisherAI` flag means CPA (part 2 §7); absent or false means CPC. */
export const deepLinkTypeOf = (isPublisherAI: boolean | undefined): DeepLinkType => (isPublisherAI ? 'CPA' : 'CPC');
