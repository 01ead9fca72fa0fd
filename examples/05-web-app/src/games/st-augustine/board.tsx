import { formatMoney, type StAugustineView } from '@ruleloom/st-augustine';
import { ActionList } from '../../action-list.js';
import type { BoardProps } from '../../board-props.js';
import { seatLabel } from '../../presenters.js';
import { AuctionControl } from './auction-control.js';
import { CardChip } from './card-chip.js';
import { PlayerShops } from './player-shops.js';
import { stAugustinePrompt } from './prompt.js';
import { TradeAnswer } from './trade-answer.js';
import { TradeBuilder } from './trade-builder.js';

/**
 * St. Augustine: the prompt and the controls of the decision first (in sight on a phone),
 * then the flipped card with its effect, the auction, and every player's money and shops.
 */
export function StAugustineBoard({
  view: gameView,
  seat,
  legalActions,
  toAct,
  disabled,
  act,
}: BoardProps) {
  const view = gameView as StAugustineView;
  const auction = view.auction;
  const types = new Set(legalActions.map((a) => a.type));
  const inAuction = types.has('bid') || (view.phase === 'bid' && types.has('pass'));
  const proposing = types.has('proposeTrade');
  const answering = types.has('acceptTrade');
  const handled = new Set(['bid', 'proposeTrade', 'acceptTrade', 'rejectTrade']);
  if (inAuction || proposing) handled.add('pass');
  const prompt = act === undefined ? null : stAugustinePrompt(view, legalActions);
  return (
    <div className="sa-board">
      {prompt !== null && (
        <div className="prompt" role="region" aria-label="your turn">
          <p data-testid="prompt">
            <strong>{prompt}</strong>
          </p>
          {act !== undefined && inAuction && (
            <AuctionControl legalActions={legalActions} disabled={disabled} act={act} />
          )}
          {act !== undefined && proposing && seat !== null && (
            <TradeBuilder
              view={view}
              seat={seat}
              legalActions={legalActions}
              disabled={disabled}
              act={act}
            />
          )}
          {view.trade !== null && answering && (
            <TradeAnswer
              trade={view.trade}
              legalActions={legalActions}
              disabled={disabled}
              act={act ?? (() => undefined)}
            />
          )}
          <ActionList
            actions={legalActions.filter((a) => !handled.has(a.type))}
            disabled={disabled}
            act={act}
            label="other actions"
          />
        </div>
      )}
      <p className="turn-line">
        Turn {view.turn} of {view.lastTurn} · {view.deckSize} cards left in the deck
      </p>
      {view.flipped !== null && (
        // Only while a card lies flipped (the auction): between auctions there is none to show.
        <p aria-label="flipped card" className="card flipped">
          Flipped card:{' '}
          <strong data-testid="flipped">
            <CardChip id={view.flipped} />
          </strong>
          <small className="hint"> (hover or tap for its effect)</small>
        </p>
      )}
      {auction !== null && (
        <p aria-label="auction status">
          {auction.highBid === null || auction.highBidder === null
            ? 'No bid yet'
            : `High bid ${formatMoney(auction.highBid)} by ${seatLabel('st-augustine', auction.highBidder)}`}
          {' · still in: '}
          {auction.inPlayers.map((s) => seatLabel('st-augustine', s)).join(', ')}
        </p>
      )}
      {view.trade !== null && !answering && (
        <TradeAnswer trade={view.trade} legalActions={[]} disabled act={() => undefined} />
      )}
      <div className="players">
        {view.players.map((p, s) => (
          <PlayerShops
            key={s}
            seat={s}
            money={p.money}
            shops={p.shops}
            acting={toAct.includes(s)}
            you={s === seat}
          />
        ))}
      </div>
    </div>
  );
}
