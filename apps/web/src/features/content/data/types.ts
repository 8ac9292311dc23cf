import type { DestinationKey } from '@arc/contract';

/**
 * Shapes of the information pages' content files (this folder): text as the provider publishes it. Links and
 * addresses name a destination of the server's content file (GET /arc/content/destinations,
 * docs/decisions/information-pages.md).
 */
export interface ContentLink {
  label: string;
  destination: DestinationKey;
  description?: string;
}

/** A contact e-mail address of the provider, by its destination key. */
export interface ContactAddress {
  label: string;
  destination: DestinationKey;
}

export interface ContentSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
  links?: ContentLink[];
}

/**
 * A clip stored by the portal, played through its signed source URL: a video of its own whose picture shows this
 * title (the server's seed/page-video-catalogue.ts lists the ids and titles; the Videos On Demand library does not).
 */
export interface ContentVideo {
  videoId: string;
  title: string;
  description: string;
}
