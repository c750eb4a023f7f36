const browsers: readonly [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
// Order matters: iOS agents also say "Mac OS X", Android and ChromeOS agents also say "Linux".
const systems: readonly [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** "Firefox on Windows" from a User-Agent header, in words an account holder recognizes; undefined when unknown. */
export const describeDevice = (userAgent: string | null | undefined): string | undefined => {
  if (!userAgent) return undefined;
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  return browser && system ? `${browser} on ${system}` : (browser ?? system);
};
