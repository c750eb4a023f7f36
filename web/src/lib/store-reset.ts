// Logout resets state groups owned by features the shell must not import; each store registers its reset here.
const resets = new Map<string, () => void>();

export function registerReset(group: string, reset: () => void): void {
  resets.set(group, reset);
}

export function resetAllStores(): void {
  for (const reset of resets.values()) reset();
}

export function registeredGroups(): string[] {
  return [...resets.keys()];
}
