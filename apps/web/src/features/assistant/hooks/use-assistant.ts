import {
  ASSISTANT_HANDOFF_DELAY_MS,
  ASSISTANT_TYPING_DELAY_MS,
  type AssistantOption,
  type CreatedRequest,
} from '@grip/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { lastLocationQueryOptions } from '@/features/requests/api/get-last-location';
import { fetchMarketAnalysis } from '../api/get-market-analysis';
import { createRequest } from '@/features/requests/api/create-request';
import {
  acceptsText,
  greeting,
  initialState,
  reduce,
  type ConversationEvent,
  type ConversationState,
  type Effect,
  type Reply,
  type Variant,
} from '../conversation';
import type { DraftLocation } from '../draft';
import { clearPendingRequest, readPendingRequest, savePendingRequest } from '../pending-request';

export interface ChatMessage extends Reply {
  id: number;
  role: 'assistant' | 'user';
}

type QueueItem = { kind: 'reply'; reply: Reply } | { kind: 'run'; run: () => void };

/** Spec 2 §8 'Submission Failed' toast texts. */
export const SUBMISSION_FAILED = {
  title: 'Submission Failed',
  fallback: 'Failed to submit your request. Please try again.',
} as const;

export const GUEST_SIGN_IN_TOAST = {
  title: 'Sign in to send your request',
  description: "We've kept your request. Once you're signed in, the assistant will ask you to send it.",
} as const;

export interface UseAssistantOptions {
  variant: Variant;
  onSubmitted?: (created: CreatedRequest) => void;
}

/**
 * Runs the conversation: every assistant reply appears after the typing delay (spec 2 §9, 0.8 s), one
 * after another; effects fetch the market analysis, submit the request, or hand a guest's request
 * over to sign-in. A customer's pending request from a guest session resumes at the confirm step.
 */
export function useAssistant({ variant, onSubmitted }: UseAssistantOptions) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The greeting is there from the first paint: it opens the chat rather than answering anything, so it
  // skips the typing delay (it is the landing page's largest paint, docs/performance.md). A customer's
  // request kept from a guest session resumes instead (below).
  const [messages, setMessages] = useState<ChatMessage[]>(() =>
    variant === 'customer' && readPendingRequest()
      ? []
      : [{ ...greeting(variant), id: 0, role: 'assistant' }],
  );
  const [isTyping, setTyping] = useState(false);
  const [state, setState] = useState<ConversationState>(() => initialState(variant));
  const stateRef = useRef(state);
  const queue = useRef<QueueItem[]>([]);
  const typingTimer = useRef<number | null>(null);
  const otherTimers = useRef(new Set<number>());
  const nextId = useRef(1);
  const abort = useRef<AbortController | null>(null);
  const onSubmittedRef = useRef(onSubmitted);
  useLayoutEffect(() => {
    onSubmittedRef.current = onSubmitted;
  }, [onSubmitted]);

  const append = useCallback((role: ChatMessage['role'], reply: Reply) => {
    const id = nextId.current;
    nextId.current += 1;
    setMessages((list) => [...list, { ...reply, id, role }]);
  }, []);

  const pump = useCallback(
    function pumpQueue() {
      if (typingTimer.current !== null) return;
      const item = queue.current.shift();
      if (!item) {
        setTyping(false);
        return;
      }
      if (item.kind === 'run') {
        item.run();
        pumpQueue();
        return;
      }
      setTyping(true);
      typingTimer.current = window.setTimeout(() => {
        typingTimer.current = null;
        append('assistant', item.reply);
        pumpQueue();
      }, ASSISTANT_TYPING_DELAY_MS);
    },
    [append],
  );

  const later = useCallback((run: () => void, ms: number) => {
    const id = window.setTimeout(() => {
      otherTimers.current.delete(id);
      run();
    }, ms);
    otherTimers.current.add(id);
  }, []);

  const dispatchRef = useRef<(event: ConversationEvent) => void>(() => {});

  const runEffect = useCallback(
    (effect: Effect) => {
      const dispatch = (event: ConversationEvent) => dispatchRef.current(event);
      switch (effect.type) {
        case 'analyse': {
          abort.current?.abort();
          const controller = new AbortController();
          abort.current = controller;
          fetchMarketAnalysis(effect.params, controller.signal)
            .then((analysis) => dispatch({ type: 'analysis', analysis }))
            .catch((error: unknown) => {
              if (controller.signal.aborted) return;
              // Spec 2 §8: the failure is kept (logged) and the chat carries on without figures.
              console.warn('Market analysis failed', error);
              dispatch({ type: 'analysis_failed' });
            });
          return;
        }
        case 'submit':
          createRequest(effect.payload)
            .then((created) => {
              void queryClient.invalidateQueries({ queryKey: queryKeys.requests });
              void queryClient.invalidateQueries({ queryKey: queryKeys.badges });
              dispatch({ type: 'submitted', created });
            })
            .catch((error: unknown) => {
              const message = isApiError(error) ? error.message : SUBMISSION_FAILED.fallback;
              toast.error(SUBMISSION_FAILED.title, { description: message, duration: 8000 });
              dispatch({
                type: 'submit_failed',
                message,
                fields: isApiError(error) ? error.fields : undefined,
              });
            });
          return;
        case 'clear_pending':
          clearPendingRequest();
          return;
        case 'sign_in':
          queue.current.push({
            kind: 'run',
            run: () => {
              savePendingRequest(effect.draft);
              toast.info(GUEST_SIGN_IN_TOAST.title, { description: GUEST_SIGN_IN_TOAST.description });
              void navigate('/auth');
            },
          });
          return;
        case 'hand_off':
          // Spec 2 §4 step 6: 1.5 s after 'Request submitted!' is shown.
          queue.current.push({
            kind: 'run',
            run: () => later(() => onSubmittedRef.current?.(effect.created), ASSISTANT_HANDOFF_DELAY_MS),
          });
          return;
      }
    },
    [later, navigate, queryClient],
  );

  const dispatch = useCallback(
    (event: ConversationEvent) => {
      const step = reduce(stateRef.current, event, new Date());
      stateRef.current = step.state;
      setState(step.state);
      for (const reply of step.replies) queue.current.push({ kind: 'reply', reply });
      for (const effect of step.effects) runEffect(effect);
      pump();
    },
    [pump, runEffect],
  );
  // Async results and the mount effect dispatch through this ref (dispatch and runEffect need each other).
  useLayoutEffect(() => {
    dispatchRef.current = dispatch;
  }, [dispatch]);

  // The request a guest started before signing in (the greeting is in the first render).
  useEffect(() => {
    const pending = variant === 'customer' ? readPendingRequest() : null;
    if (pending) dispatchRef.current({ type: 'restore', draft: pending.draft });
    const timers = otherTimers.current;
    return () => {
      queue.current = [];
      if (typingTimer.current !== null) window.clearTimeout(typingTimer.current);
      typingTimer.current = null;
      for (const id of timers) window.clearTimeout(id);
      timers.clear();
      abort.current?.abort();
    };
  }, [variant]);

  const lastLocation = useQuery({ ...lastLocationQueryOptions, enabled: variant === 'customer' });
  useEffect(() => {
    const data = lastLocation.data;
    if (!data) return;
    const location: DraftLocation | null = data.address
      ? { address: data.address, latitude: data.latitude, longitude: data.longitude }
      : null;
    dispatchRef.current({ type: 'location_known', location });
  }, [lastLocation.data]);

  const canSend = acceptsText(state.stage) && !isTyping;

  const send = useCallback(
    (text: string): boolean => {
      const trimmed = text.trim();
      if (!trimmed || !acceptsText(stateRef.current.stage) || typingTimer.current !== null) return false;
      append('user', { text: trimmed });
      dispatch({ type: 'user_text', text: trimmed });
      return true;
    },
    [append, dispatch],
  );

  const choose = useCallback(
    (option: AssistantOption, label: string) => {
      if (stateRef.current.stage !== 'options' || typingTimer.current !== null) return;
      append('user', { text: label });
      dispatch({ type: 'choose_option', option });
    },
    [append, dispatch],
  );

  // While fetching or sending, the dots show the assistant is working; not once a guest is on the way out.
  const isWorking = !acceptsText(state.stage) && state.stage !== 'signing_in';
  return { messages, state, isTyping: isTyping || isWorking, canSend, send, choose };
}
