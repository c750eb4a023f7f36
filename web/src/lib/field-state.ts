/** A Fluent Field's validation props for a field's message (or none): `<Field {...fieldState(errors.name)}>`. */
export const fieldState = (message: string | null | undefined) => ({
  validationMessage: message ?? undefined,
  validationState: message ? ('error' as const) : ('none' as const),
});
