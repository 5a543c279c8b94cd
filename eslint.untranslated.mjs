// Interface files whose texts are not yet in the message files (issue 15); eslint.config.mjs skips its
// translation rules for them. Remove a file from the list once it is translated: the list must end up empty. Brackets and parentheses are escaped (glob patterns).
export const untranslatedFiles = [
];
