/** How a game's options and enum values read in the lobby (each game's in `games/<id>/labels.ts`). */
export interface OptionLabels {
  readonly options: Readonly<Record<string, string>>;
  readonly values: Readonly<Record<string, string>>;
}
