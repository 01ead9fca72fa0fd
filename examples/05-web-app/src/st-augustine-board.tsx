import { formatMoney, type StAugustineView } from '@ruleloom/st-augustine';
import { ActionList } from './action-list.js';
import { AuctionControl } from './auction-control.js';
import type { BoardProps } from './board-props.js';
import { cardName, type StAugustinePresentContext } from '@ruleloom/st-augustine/present';
import { namesContext, seatLabel } from './presenters.js';
import { PlayerShops } from './player-shops.js';
import { TradeAnswer } from './trade-answer.js';
import { TradeBuilder } from './trade-builder.js';

/** St. Augustine: the flipped card, the auction, trades, and every player's money and shops. */
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
  return (
    <div>
      <p>
        Turn {view.turn} of {view.lastTurn} · phase {view.phase} · deck {view.deckSize} cards
      </p>
      <p aria-label="flipped card" className="card">
        Flipped card:{' '}
        <strong data-testid="flipped">
          {view.flipped === null
            ? 'none'
            : cardName(namesContext<StAugustinePresentContext>('st-augustine'), view.flipped)}
        </strong>
      </p>
      {auction !== null && (
        <p aria-label="auction status">
          {auction.highBid === null || auction.highBidder === null
            ? 'No bid yet'
            : `High bid ${formatMoney(auction.highBid)} by ${seatLabel('st-augustine', auction.highBidder)}`}
          {' · still in: '}
          {auction.inPlayers.map((s) => seatLabel('st-augustine', s)).join(', ')}
        </p>
      )}
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
      {view.trade !== null && (
        <TradeAnswer
          trade={view.trade}
          legalActions={answering ? legalActions : []}
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
