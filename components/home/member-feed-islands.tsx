"use client";

import dynamic from "next/dynamic";

// The signed-in home's client islands, loaded only where they are rendered: `/` is the landing
// page for visitors and the home feed for members, and a route sends the code of every client
// component its server modules import, rendered or not (issue 18). For a member they render on
// the server as before and their code is preloaded.
export const QuestionFeed = dynamic(() => import("@/components/home/question-feed").then((m) => m.QuestionFeed));
export const WelcomeCard = dynamic(() => import("@/components/home/welcome-card").then((m) => m.WelcomeCard));
