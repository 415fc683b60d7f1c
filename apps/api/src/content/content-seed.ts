import { DailyQuoteModel } from './daily-quote.model';
import { EventModel } from './event.model';
import { PodcastModel } from './podcast.model';
import { seededObjectId } from '../shared/seeded-ids';

/** The day the examples are dated around (fixed, so the seed writes the same data on every machine). */
const EXAMPLE_DAY = '2026-01-15';

/**
 * The fields that make a seeded example the same document on every seed: an `_id` from its title (or quote) and
 * the seed's time as both stamps (given stamps are kept by mongoose's timestamps on insert).
 */
const seeded = (kind: string, key: string, at: Date) => ({
  _id: seededObjectId(kind, key),
  createdAt: at,
  updatedAt: at,
});

/**
 * Seeds a few example events, podcasts and daily quotes when their collections are empty (a collection the admin
 * has written to is left alone). `at`: the seed's time, the examples' creation stamps.
 */
export async function seedContent(at: Date = new Date()): Promise<void> {
  const [events, podcasts, quotes] = await Promise.all([
    EventModel.estimatedDocumentCount(),
    PodcastModel.estimatedDocumentCount(),
    DailyQuoteModel.estimatedDocumentCount(),
  ]);
  if (events === 0) {
    await EventModel.insertMany([
      {
        ...seeded('event', 'Publisher onboarding webinar', at),
        title: 'Publisher onboarding webinar',
        description: 'How deep links, reports and payouts work, with time for questions.',
        location: 'Online',
        startsAt: new Date(`${EXAMPLE_DAY}T16:00:00Z`),
        endsAt: new Date(`${EXAMPLE_DAY}T17:00:00Z`),
        url: null,
      },
      {
        ...seeded('event', 'Holiday season planning', at),
        title: 'Holiday season planning',
        description: 'Merchants with seasonal campaigns and what converts best.',
        location: 'Online',
        startsAt: new Date('2026-10-01T15:00:00Z'),
        endsAt: new Date('2026-10-01T16:30:00Z'),
        url: null,
      },
    ]);
  }
  if (podcasts === 0) {
    await PodcastModel.insertMany([
      {
        ...seeded('podcast', 'Affiliate basics: CPC or CPA?', at),
        title: 'Affiliate basics: CPC or CPA?',
        description: 'When paying per click beats paying per sale, and the other way round.',
        audioUrl: 'https://media.publisher.test/podcasts/cpc-or-cpa.mp3',
        durationSeconds: 1260,
        publishedOn: EXAMPLE_DAY,
      },
      {
        ...seeded('podcast', 'Reading your conversion reports', at),
        title: 'Reading your conversion reports',
        description: 'Clicks, sales, conversion rate and CPC: what each tells you.',
        audioUrl: 'https://media.publisher.test/podcasts/conversion-reports.mp3',
        durationSeconds: 1845,
        publishedOn: '2026-02-01',
      },
    ]);
  }
  if (quotes === 0) {
    await DailyQuoteModel.insertMany([
      {
        ...seeded('daily-quote', EXAMPLE_DAY, at),
        quote: 'Content that helps readers decide earns the click.',
        author: 'Publisher Portal',
        date: EXAMPLE_DAY,
      },
      {
        ...seeded('daily-quote', '2026-01-16', at),
        quote: 'Measure twice, link once.',
        author: 'Publisher Portal',
        date: '2026-01-16',
      },
      {
        ...seeded('daily-quote', '2026-01-17', at),
        quote: 'The best placement is the one your readers already look at.',
        author: 'Publisher Portal',
        date: '2026-01-17',
      },
    ]);
  }
}
