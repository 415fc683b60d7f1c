/**
 * A paged report request as a screen holds it: `page` is the 1-based number shown to people (part 1 §9: screens
 * show page 1 by default).
 */
export type ScreenPaged<TBody extends { page?: number | undefined }> = Omit<TBody, 'page'> & { page: number };

/**
 * The body the POST report calls take: their `page` is a 0-based index (part 2 §7; see the contract's
 * pagedReportBodySchema), so the screen's page 1 is page 0 on the wire. The hooks own this translation, so screens
 * and their pagers count from 1 and never see the wire's base.
 */
export function toWireBody<TBody extends { page: number }>(body: TBody): TBody {
  return { ...body, page: body.page - 1 };
}
