import { Button } from './button';
import { Spinner } from './spinner';

interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The foot of a list read a page at a time: 'Load more' while the server has more, busy while a page
 * loads, and the list's own failure text when the next page could not be read (the button stays to
 * try again).
 */
export function LoadMore({ pages, failedText }: { pages: NextPages; failedText: string }) {
  return (
    <>
      {pages.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-destructive">
          {failedText}
        </p>
      ) : null}
      {pages.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {pages.isFetchingNextPage ? <Spinner /> : null}
          Load more
        </Button>
      ) : null}
    </>
  );
}
