/** Folds case and accents, so "zur" finds "Zürich" and "cafe" finds "Café": every search of the window compares folded text. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}
