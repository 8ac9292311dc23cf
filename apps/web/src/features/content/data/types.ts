/** Shapes of the information pages' content files (this folder): text as the provider publishes it. */
export interface ContentLink {
  label: string;
  href: string;
  description?: string;
}

export interface ContentSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
  links?: ContentLink[];
}

/** A clip stored by the portal (a Videos On Demand video id), played through its signed source URL. */
export interface ContentVideo {
  videoId: string;
  title: string;
  description: string;
}
