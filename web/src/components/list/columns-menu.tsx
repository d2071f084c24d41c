import ViewColumnRoundedIcon from '@mui/icons-material/ViewColumnRounded';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnChoice } from '../../lib/use-column-choice';

interface ColumnsMenuProps<C extends string> {
  choice: ColumnChoice<C>;
  /** A column's header words. */
  labelOf: (column: C) => string;
}

/** "Columns": the optional columns of a list's table, each shown or hidden, remembered per user. */
export function ColumnsMenu<C extends string>({ choice, labelOf }: ColumnsMenuProps<C>) {
  const { t } = useTranslation('common');
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<ViewColumnRoundedIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {t('list.columns')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {choice.choices.map(({ column, shown }) => (
          <MenuItem
            key={column}
            role="menuitemcheckbox"
            aria-checked={shown}
            onClick={() => choice.toggle(column)}
            // The last shown column stays: a table of no columns says nothing.
            disabled={shown && choice.choices.filter((entry) => entry.shown).length === 1}
          >
            <ListItemIcon>
              <Checkbox edge="start" size="small" checked={shown} tabIndex={-1} disableRipple />
            </ListItemIcon>
            <ListItemText primary={labelOf(column)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
