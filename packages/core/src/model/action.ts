/**
 * The base of every action: a JSON object with a string `type` discriminant.
 * @public
 */
export interface ActionBase {
  readonly type: string;
}
