import { decisionFeatures, maskJson, type DecisionFeatures } from '@ruleloom/bots';
import {
  encodeObservation,
  gameObservation,
  legalMask,
  type Engine,
  type Game,
  type MatchState,
} from '@ruleloom/core';
import { measure, type BenchResult } from './measure.js';

/** The features' part of a decision message, as the process bot writes it. */
function featuresJson(f: DecisionFeatures): string {
  return `${JSON.stringify(f.observation)}${JSON.stringify(f.indices)}${maskJson(f.mask)}`;
}

/**
 * The cost per decision of a game's observation features (when it declares them), on
 * mid-game states: the encoding of a view, the legal-action mask, and everything a process
 * bot that asks for features is sent on top of a decision (encoding, mask, indices, JSON).
 */
export async function measureObservation(
  id: string,
  game: Game,
  engine: Engine,
  states: readonly MatchState[],
  timeMs: number,
): Promise<BenchResult[]> {
  const observation = gameObservation(game);
  if (observation === undefined || states.length === 0) return [];
  const decisions = states.map((state) => {
    const seat = engine.toAct(state)[0] as number;
    return { seat, view: engine.view(state, seat), legal: engine.legalActions(state, seat) };
  });
  let i = 0;
  const next = () => decisions[i++ % decisions.length] as (typeof decisions)[number];
  const buffer = new Float32Array(observation.size);
  const sizes = `encoding ${String(observation.size)} numbers, action space ${String(observation.actions.size)}`;
  const results = await measure(
    id,
    [
      {
        name: 'observation: encode a view (reused buffer)',
        unit: 'ns/op',
        note: sizes,
        fn: () => {
          const d = next();
          encodeObservation(observation, d.view, d.seat, buffer);
        },
      },
      {
        name: 'observation: legal-action mask',
        unit: 'ns/op',
        note: sizes,
        fn: () => {
          const d = next();
          legalMask(observation.actions, d.view, d.seat, d.legal);
        },
      },
      {
        name: 'observation: a process bot decision’s features (encoding, mask, indices, JSON text)',
        unit: 'ns/op',
        note: `${sizes}; what a bot that asks for features costs per decision on top of the view`,
        fn: () => {
          const d = next();
          featuresJson(decisionFeatures(observation, d.view, d.seat, d.legal));
        },
      },
    ],
    timeMs,
  );
  const bytes =
    decisions.reduce(
      (sum, d) => sum + featuresJson(decisionFeatures(observation, d.view, d.seat, d.legal)).length,
      0,
    ) / decisions.length;
  return [
    ...results,
    {
      game: id,
      name: 'observation: JSON size of a decision’s features',
      value: bytes,
      unit: 'bytes',
      note: sizes,
    },
  ];
}
