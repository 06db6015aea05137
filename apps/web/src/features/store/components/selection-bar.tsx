import { STORE_LIST_FILTER_MESSAGES, STORE_LIST_MESSAGES, type TStoreOrdersMatchingResponse } from '@colete/contract';
import { Button, Paper, Typography } from '@mui/material';

const f = STORE_LIST_FILTER_MESSAGES;

type Props = {
  /** How many shown orders are selected. */
  selectedCount: number;
  /** Every shown order is selected: 'select all N matching' is offered. */
  allShown: boolean;
  /** How many awaiting orders match the filters (asked when every shown order is selected). */
  matching: TStoreOrdersMatchingResponse | undefined;
  /** The selection is every order matching the filters. */
  allMatching: boolean;
  onSelectMatching: () => void;
  onClear: () => void;
  onActivate: () => void;
};

/** The bulk action bar (spec 002 section 2.2) with 'select all N matching' (issue 24, as mail and shop admins offer it). */
export function SelectionBar({ selectedCount, allShown, matching, allMatching, onSelectMatching, onClear, onActivate }: Props) {
  const offer = allShown && !allMatching && matching && (matching.more || matching.count > selectedCount);
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Button variant="contained" onClick={onActivate}>
        {allMatching && matching ? f.bulkMatching(matching.count) : STORE_LIST_MESSAGES.bulkActivate(selectedCount)}
      </Button>
      {allMatching && matching && (
        <>
          <Typography variant="body2">{f.matchingSelected(matching.count)}</Typography>
          <Button variant="text" onClick={onClear}>
            {f.clearSelection}
          </Button>
        </>
      )}
      {offer && (
        <>
          <Typography variant="body2">{f.pageSelected(selectedCount)}</Typography>
          {matching.more ? (
            <Typography variant="body2" color="warning.main">
              {f.selectMatching(matching.count, true)}
            </Typography>
          ) : (
            <Button variant="text" onClick={onSelectMatching}>
              {f.selectMatching(matching.count, false)}
            </Button>
          )}
        </>
      )}
    </Paper>
  );
}
