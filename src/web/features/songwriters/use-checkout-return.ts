import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import * as MESSAGES from '../../../common/messages';
import { isApiError } from '../../lib/api';
import { songwriterApi, songwriterKeys } from './songwriter-api';

const m = MESSAGES.songwriters;

/**
 * A provider's return can beat its payment notice by a moment: until the order is marked paid, claiming
 * finds nothing. Ask again after these pauses before offering to claim by e-mail.
 */
const CLAIM_RETRY_DELAYS_MS = [1000, 2000, 3000, 4000];
/**
 * When the checkout's order is this songwriter's and only waits for its payment notice (which Stripe may send
 * minutes late), keep asking for this long, at most this far apart, and say so once a few seconds have passed.
 */
const AWAITING_PAYMENT_POLL_MS = 5000;
const AWAITING_PAYMENT_FOR_MS = 10 * 60_000;
const AWAITING_NOTICE_AFTER_MS = 3000;

const RETURN_PARAMS = ['order_success', 'session_id', 'claim_token'] as const;

/** 'awaiting': the order is ours but its payment is not confirmed yet, and the page still waits for it. */
export type CheckoutReturnState = 'idle' | 'confirming' | 'awaiting' | 'failed';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A dropped request or two while waiting minutes for a payment is no reason to stop waiting. */
const ERRORS_TOLERATED_WHILE_AWAITING = 3;

/**
 * Claims the session's order: how many were claimed (0 when there is none to claim: not this songwriter's,
 * or never paid), or 'awaiting' when the wait for a late payment ran out with the order still pending.
 */
async function claimSession(sessionId: string, onAwaiting: () => void, alive: () => boolean): Promise<number | 'awaiting'> {
  const started = Date.now();
  let awaiting = false;
  let errors = 0;
  for (let attempt = 0; alive(); attempt++) {
    let result: { claimed: number; awaitingPayment: boolean };
    try {
      result = await songwriterApi.claimBySession(sessionId);
      errors = 0;
    } catch (error) {
      if (!awaiting || ++errors > ERRORS_TOLERATED_WHILE_AWAITING) throw error;
      await pause(AWAITING_PAYMENT_POLL_MS);
      continue;
    }
    if (result.claimed > 0) return result.claimed;
    awaiting = result.awaitingPayment;
    const wait = CLAIM_RETRY_DELAYS_MS[attempt];
    if (awaiting) {
      const waited = Date.now() - started;
      if (waited > AWAITING_PAYMENT_FOR_MS) return 'awaiting';
      if (waited >= AWAITING_NOTICE_AFTER_MS) onAwaiting();
      await pause(Math.min(wait ?? AWAITING_PAYMENT_POLL_MS, AWAITING_PAYMENT_POLL_MS));
      continue;
    }
    // An order we cannot see yet (a session this app did not start, or not this songwriter's): a few quick
    // retries, then the claim-by-e-mail box.
    if (wait === undefined) return 0;
    await pause(wait);
  }
  return 0;
}

/**
 * The dashboard's query on arrival, handled once and then removed from the address (so a reload or Back
 * does not repeat it): ?order_success=true&session_id=... back from checkout claims that session's order;
 * ?claim_token=... from the claim e-mail confirms the claim. 'failed' means: offer the claim-by-e-mail box.
 */
export function useCheckoutReturn(): CheckoutReturnState {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const orderSuccess = params.get('order_success') === 'true';
  const sessionId = params.get('session_id')?.trim() ?? '';
  const claimToken = params.get('claim_token') ?? '';
  const [state, setState] = useState<CheckoutReturnState>(orderSuccess ? 'confirming' : 'idle');
  const handled = useRef(false);
  // Stops the wait for a late payment when the page goes (and lets it go on after Strict Mode's remount).
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (handled.current || (!orderSuccess && !claimToken)) return;
    handled.current = true;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of RETURN_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
    const refresh = () => queryClient.invalidateQueries({ queryKey: songwriterKeys.root });

    if (orderSuccess) {
      if (!sessionId) {
        setState('failed');
      } else {
        setState('confirming');
        claimSession(
          sessionId,
          () => setState('awaiting'),
          () => mounted.current,
        )
          .then((claimed) => {
            if (!mounted.current) return;
            // Still not confirmed after the wait: the order is theirs and will show once paid (a reload looks again).
            if (claimed === 'awaiting') return;
            if (claimed > 0) {
              toast.success(m.orderClaimedTitle, { description: m.orderClaimed(claimed) });
              setState('idle');
            } else {
              toast.error(m.claimFailed, { description: m.claimIntro });
              setState('failed');
            }
          })
          .catch((error: unknown) => {
            if (!mounted.current) return;
            toast.error(m.claimFailed, { description: isApiError(error) ? error.message : undefined });
            setState('failed');
          })
          .finally(() => void refresh());
      }
    }

    if (claimToken) {
      songwriterApi
        .confirmClaim(claimToken)
        .then(({ claimed }) => {
          if (claimed > 0) toast.success(m.orderClaimedTitle, { description: m.orderClaimed(claimed) });
          else toast.error(m.noOrdersTitle, { description: m.noOrders });
        })
        .catch((error: unknown) => {
          if (isApiError(error) && error.status === 403) toast.error(m.claimLinkInvalid);
          else toast.error(m.claimFailed, { description: isApiError(error) ? error.message : undefined });
        })
        .finally(() => void refresh());
    }
  }, [orderSuccess, sessionId, claimToken, setParams, queryClient]);

  return state;
}
