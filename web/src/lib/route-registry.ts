// The app registers its route table here, so features and the shell can hide links to screens not built yet.
let registered = new Set<string>();

export function registerRoutePaths(paths: Iterable<string>): void {
  registered = new Set(paths);
}

export function isRouteRegistered(path: string): boolean {
  return registered.has(path);
}
