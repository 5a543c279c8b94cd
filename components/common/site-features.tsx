"use client";

import { createContext, useContext } from "react";

/** What this site offers, as the server's configuration decides it (the same for every reader). */
export interface SiteFeatures {
  /** An AI provider is configured: questions get AI answers, members can generate their own. */
  aiAnswers: boolean;
}

const SiteFeaturesContext = createContext<SiteFeatures>({ aiAnswers: true });

export const SiteFeaturesProvider = SiteFeaturesContext.Provider;

/** The site's features, for wording that must stay true (no promise of an AI answer without a provider). */
export function useSiteFeatures(): SiteFeatures {
  return useContext(SiteFeaturesContext);
}
