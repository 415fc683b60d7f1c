import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { todayUtc } from '@publisher/contract';

/** A conversion type a vendor may be offered (part 1 §4: CPC iff the menu's cpc flag is on, CPA likewise). */
export type ConversionType = 'CPC' | 'CPA';

/** Part 1 §9: the CPC/CPA choice is sent as isCPC true/false. */
export function isCPCFor(type: ConversionType | null): boolean | undefined {
  if (type === null) return undefined;
  return type === 'CPC';
}

/** A boolean as the query strings of the GET calls spell it (the downloads' isCPC). */
export function queryBoolean(value: boolean | undefined): 'true' | 'false' | undefined {
  if (value === undefined) return undefined;
  return value ? 'true' : 'false';
}

/**
 * Who is reading a report. The app shell hands it to the screens (from the session and the menu engine), so this
 * feature never imports the auth or menu features.
 */
export interface ReportViewer {
  vendorId: number;
  apiKey: string;
}

export interface ReportCampaign {
  /** The vendor whose data the screen reads: `?vendorId=` when it holds a numeric id, else the viewer's own. */
  campaignId: number;
  /** The screen reads someone else's data (only the admin may; the API refuses anyone else). */
  isOverride: boolean;
}

const VENDOR_ID = /^\d{1,12}$/;

/**
 * Part 2 §6: "Report pages use vendorId from the query or from the user as the campaign id". The override is sent
 * as asked; the API honours it for the admin and answers anyone else with its own error message, which the screen
 * shows.
 */
export function useReportCampaign(viewer: ReportViewer): ReportCampaign {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('vendorId')?.trim() ?? '';
  const campaignId = VENDOR_ID.test(requested) && Number(requested) > 0 ? Number(requested) : viewer.vendorId;
  return { campaignId, isOverride: campaignId !== viewer.vendorId };
}

/**
 * The apiKey to put in a download's query. It identifies the viewer, so it only goes with the viewer's own
 * vendor id; when the admin reads another vendor the token alone authorises the call.
 */
export function downloadApiKey(viewer: ReportViewer, campaign: ReportCampaign): string | undefined {
  return campaign.isOverride || viewer.apiKey === '' ? undefined : viewer.apiKey;
}

/** The screens' "today" (the contract's calendar: UTC), fixed for the life of the screen so presets stay stable across renders. */
export function useToday(): string {
  const [today] = useState(() => todayUtc());
  return today;
}

/** The line under a report's title that says which vendor's data an override is showing. */
export function campaignDescription(campaignId: number, isOverride: boolean): string | undefined {
  return isOverride ? `Showing the reports of vendor ${campaignId}.` : undefined;
}
