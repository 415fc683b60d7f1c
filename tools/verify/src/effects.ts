import { changesNothing, contract, contractRoutes, type ContractRoute } from '@publisher/contract';

/**
 * What each route leaves on the server: `--read-only` calls only the routes that change nothing (the contract's
 * `changesNothing`, one rule for every tool), and a full run says what it created and left.
 */
export { changesNothing, READING_POSTS, WRITING_GETS } from '@publisher/contract';

const ROUTES = contractRoutes(contract).map((entry) => ({
  entry,
  pattern: new RegExp(`^${entry.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`),
}));

/** The contract route a call goes to (method and path without its query), if any. */
export function routeOfCall(method: string, path: string): ContractRoute | undefined {
  const bare = path.split('?')[0] ?? path;
  return ROUTES.find(({ entry, pattern }) => entry.method === method && pattern.test(bare))?.entry;
}

type Json = Record<string, unknown>;
const record = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
/** A value as a report shows it; a missing one in words (a server answering `{}` must not print "undefined"). */
const text = (value: unknown, missing = '(not named)'): string =>
  typeof value === 'string' ? value : value === undefined || value === null ? missing : JSON.stringify(value);
/** The `_id` of the record an answer names, if it names one. */
const idOf = (answer: unknown): string | undefined => {
  const id = record(record(answer)['data'])['_id'];
  return typeof id === 'string' && id !== '' ? id : undefined;
};
/** The id as the line shows it after the record's name. */
const idText = (answer: unknown): string => {
  const id = idOf(answer);
  return id === undefined ? '(its id not in the answer)' : id;
};
/** The email of the account an answer names, or what the line says instead. */
const emailOf = (answer: unknown): string =>
  text(record(record(answer)['data'])['email'], 'the signed-in account (the answer named no email)');

/** A thing a call left on the server: what it is, and the id a delete route would name. */
export interface Trace {
  what: string;
  id?: string | undefined;
}

/**
 * What a successful write leaves, by route (request body and answer body). A write missing here is still
 * listed, by its route: nothing a run does goes unsaid.
 */
const TRACES: Readonly<Record<string, (body: Json, answer: unknown, path: string) => Trace>> = {
  'auth.signup': (body) => ({ what: `vendor account ${text(body['email'])} (no delete route)` }),
  'auth.update': (_, answer) => ({ what: `account fields of ${emailOf(answer)}` }),
  'auth.changePassword': (body) => ({ what: `password and apiKey of user ${text(body['_id'])}` }),
  'auth.regenerateApiKey': (_, answer) => ({ what: `apiKey of ${emailOf(answer)}` }),
  'reports.createBulkReports': (body) => ({
    what: `uploaded report rows of ${text(body['uniqueDates'])} (campaign ${text(record((body['reports'] as unknown[] | undefined)?.[0])['CAMPAIGN_ID'])})`,
  }),
  'settings.addDomainName': (body, answer) => ({ what: `custom domain ${text(body['name'])}`, id: idOf(answer) }),
  'settings.addTitleFilters': (body, answer) => ({ what: `title filter "${text(body['filter'])}"`, id: idOf(answer) }),
  'settings.addShortURLDomainName': (body, answer) => ({
    what: `short URL domain ${text(body['name'])}`,
    id: idOf(answer),
  }),
  'settings.updateSettings': () => ({ what: 'settings of a vendor the run signed up' }),
  'content.createEvent': (body, answer) => ({
    what: `event "${text(body['title'])}" ${idText(answer)} (no delete route)`,
  }),
  'content.updateEvent': (body) => ({ what: `fields of event ${text(body['id'])}` }),
  'content.createPodcast': (body, answer) => ({
    what: `podcast "${text(body['title'])}" ${idText(answer)} (no delete route)`,
  }),
  'content.updatePodcast': (body) => ({ what: `fields of podcast ${text(body['id'])}` }),
  'content.uploadPodcastFile': (_, __, path) => ({
    what: `podcast file ${path.split('?')[0] ?? path} (no delete route)`,
  }),
  'dailyQuotes.createDailyQuote': (body, answer) => ({
    what: `daily quote of ${text(body['date'])} ${idText(answer)} (no delete route)`,
  }),
  'dailyQuotes.updateDailyQuote': (body) => ({ what: `fields of daily quote ${text(body['id'])}` }),
  'deepLinks.createShortUrl': (_, answer) => ({
    what: `short link ${text(record(record(answer)['data'])['tiny_url'], '(its address not in the answer)')}`,
  }),
  'reports.saveDailyReportsConnexity': (_, __, path) => ({ what: `report ingestion re-run: ${path}` }),
  'reports.saveDailyReportsNewdashboard': (_, __, path) => ({ what: `report ingestion re-run: ${path}` }),
  'reports.saveDailyReportsDoneoftheownou': (_, __, path) => ({ what: `report ingestion re-run: ${path}` }),
  'reports.saveDailyReportsShoppermeet': (_, __, path) => ({ what: `report ingestion re-run: ${path}` }),
  'reports.saveDailyReportsKelkoo': (_, __, path) => ({ what: `report ingestion re-run: ${path}` }),
  'deepLinks.followDirectLink': () => ({ what: 'a click recorded by GET /redirect' }),
  'deepLinks.followShortUrl': (_, __, path) => ({ what: `a click recorded by GET ${path}` }),
  'feeds.addPriceLineFeeds': () => ({ what: 'a price-line feed click recorded by GET /addPriceLineFeeds' }),
  'feeds.addYahooFeeds': () => ({ what: 'a search-feed click recorded by GET /addYahooFeeds' }),
  'feeds.recordPriceLineClick': () => ({ what: 'a price-line click recorded by POST /feeds/priceLineClicks' }),
  'extension.saveExtensionReports': (body) => ({
    what: `saved extension reports ${text(body['startDate'])}..${text(body['endDate'])}`,
  }),
};

/** The delete routes of the contract: the record they remove is the `_id` of their body. */
const DELETES: ReadonlySet<string> = new Set([
  'settings.deleteDomain',
  'settings.deleteTitleFilters',
  'settings.deleteShortURLDomain',
]);

/** What a run changed on the server: each write it made, and the records it deleted again. */
export class Ledger {
  private readonly left: Trace[] = [];
  private deletedCount = 0;

  /** Notes a successful call (2xx/3xx); reads are not noted. */
  note(entry: ContractRoute, path: string, body: unknown, answerText: string): void {
    if (changesNothing(entry)) return;
    if (DELETES.has(entry.key)) {
      const id = text(record(body)['_id']);
      const index = this.left.findIndex((trace) => trace.id === id);
      if (index >= 0) {
        this.left.splice(index, 1);
        this.deletedCount += 1;
        return;
      }
      this.left.push({ what: `deleted ${entry.key.split('.')[1] ?? entry.key} ${id} (not one this run made)` });
      return;
    }
    let answer: unknown;
    try {
      answer = JSON.parse(answerText);
    } catch {
      answer = undefined;
    }
    const trace = TRACES[entry.key];
    this.left.push(
      trace
        ? trace(record(body), answer, path)
        : { what: `${entry.method} ${path.split('?')[0] ?? path} (${entry.key})` },
    );
  }

  /** What the run created or changed and did not undo, one line each, in the order it happened. */
  leftBehind(): string[] {
    return this.left.map((trace) => trace.what);
  }

  /** How many created records the run deleted again. */
  deleted(): number {
    return this.deletedCount;
  }
}
