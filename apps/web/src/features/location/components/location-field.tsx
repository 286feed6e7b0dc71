import type { GeoPlace } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { LocateFixed, MapPin } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { geoSuggestionsQueryOptions, SUGGESTION_MIN_LENGTH } from '../api/get-suggestions';
import { useCurrentLocation } from '../hooks/use-current-location';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { formatCoordinates } from '../location-messages';
import { hasCoordinates, type LocationValue } from '../location-value';

export type { LocationValue } from '../location-value';

/** Quiet time after the last key before suggestions are fetched. */
export const SUGGESTION_DEBOUNCE_MS = 250;

export interface LocationFieldProps {
  value: LocationValue;
  onChange: (value: LocationValue) => void;
  /** Shown under the field in red, and announced with it. */
  error?: string;
  id?: string;
  label?: string;
  hint?: string;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  onBlur?: () => void;
}

/**
 * The location input: an ARIA combobox that suggests places while typing (the person may also keep
 * their own text; the form then geocodes it on submit) and a 'Use current location' button.
 */
export function LocationField({
  value,
  onChange,
  error,
  id,
  label = 'Location',
  hint,
  placeholder = 'Street address, suburb or postcode',
  disabled,
  className,
  onBlur,
}: LocationFieldProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-location`;
  const listId = `${inputId}-suggestions`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const pinnedId = `${inputId}-pinned`;

  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const { locate, isLocating } = useCurrentLocation(onChange);

  // A chosen or located place already has coordinates: no need to suggest until the text changes.
  const isSettled = hasCoordinates(value);
  const debounced = useDebouncedValue(value.address.trim(), SUGGESTION_DEBOUNCE_MS);
  const wantsSuggestions = isOpen && !isSettled && debounced.length >= SUGGESTION_MIN_LENGTH;
  const suggestions = useQuery({
    ...geoSuggestionsQueryOptions(debounced),
    enabled: wantsSuggestions,
    // Keep the last list on screen while the next one loads, instead of flickering.
    placeholderData: (previous) => previous,
  });
  const places: GeoPlace[] = wantsSuggestions ? (suggestions.data ?? []) : [];
  const isTyping = debounced !== value.address.trim();
  const isSearching = wantsSuggestions && (suggestions.isFetching || isTyping) && places.length === 0;
  const showPopup =
    wantsSuggestions && (places.length > 0 || isSearching || suggestions.isError || suggestions.isSuccess);
  const active = activeIndex >= 0 && activeIndex < places.length ? activeIndex : -1;

  const choose = (place: GeoPlace) => {
    onChange({
      address: place.label,
      latitude: place.latitude,
      longitude: place.longitude,
      area: place.area,
    });
    setIsOpen(false);
    setActiveIndex(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) {
        setIsOpen(true);
        return;
      }
      if (places.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const first = step > 0 ? 0 : places.length - 1;
      setActiveIndex(active < 0 ? first : (active + step + places.length) % places.length);
    } else if (event.key === 'Enter') {
      const place = showPopup && active >= 0 ? places[active] : undefined;
      if (place) {
        // Choosing a suggestion must not also submit the form around the field.
        event.preventDefault();
        choose(place);
      }
    } else if (event.key === 'Escape') {
      if (showPopup) {
        event.preventDefault();
        setIsOpen(false);
        setActiveIndex(-1);
      }
    }
  };

  const status = !showPopup
    ? ''
    : isSearching
      ? 'Searching for places…'
      : suggestions.isError
        ? 'Place suggestions are unavailable right now. You can keep what you typed.'
        : places.length === 0
          ? 'No matching places. You can keep what you typed.'
          : `${places.length} ${places.length === 1 ? 'place' : 'places'} found. Use the up and down arrow keys to choose.`;

  const describedBy =
    [hintId, isSettled ? pinnedId : undefined, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={inputId}>{label}</Label>
      <div className="relative">
        <Input
          id={inputId}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showPopup}
          aria-controls={listId}
          aria-activedescendant={showPopup && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          // The browser's own address list would cover ours.
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          disabled={disabled}
          value={value.address}
          onChange={(event) => {
            // New text means the old coordinates no longer describe it.
            onChange({ address: event.target.value, latitude: null, longitude: null, area: null });
            setIsOpen(true);
            setActiveIndex(-1);
          }}
          onFocus={() => setIsOpen(true)}
          onBlur={() => {
            setIsOpen(false);
            setActiveIndex(-1);
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
        />
        <div
          className={cn(
            'absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-md border border-border bg-background shadow-lg',
            !showPopup && 'hidden',
          )}
        >
          {showPopup && places.length === 0 ? (
            <p className="flex items-center gap-2 px-3 py-2 text-sm text-muted-foreground">
              {isSearching ? <Spinner /> : null}
              {status}
            </p>
          ) : null}
          <ul
            id={listId}
            role="listbox"
            aria-label="Suggested places"
            className="max-h-64 overflow-y-auto py-1"
          >
            {places.map((place, index) => (
              <li
                key={`${place.label}|${place.latitude}|${place.longitude}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={cn(
                  'flex cursor-pointer items-start gap-2 px-3 py-2 text-sm',
                  index === active ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
                )}
                // Keep focus in the input so the click lands before blur closes the list.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(place)}
                onMouseMove={() => setActiveIndex(index)}
              >
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <span>{place.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {isSettled ? (
          <p id={pinnedId} className="flex min-w-0 items-center gap-1 text-sm text-muted-foreground">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-primary" />
            <span className="truncate">
              Pinned to {value.area ?? formatCoordinates(value.latitude, value.longitude)}
            </span>
          </p>
        ) : (
          <span />
        )}
        <Button variant="outline" size="sm" onClick={locate} isLoading={isLocating} disabled={disabled}>
          {isLocating ? null : <LocateFixed aria-hidden="true" className="size-4" />}
          Use current location
        </Button>
      </div>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
    </div>
  );
}
