import FileDownloadRoundedIcon from '@mui/icons-material/FileDownloadRounded';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../lib/download-file';
import { describeError } from '../../lib/http-error';
import { useLanguage } from '../../lib/use-language';
import { useToast } from '../toaster/use-toast';

const formats = ['csv', 'xlsx'] as const;
type ExportFormat = (typeof formats)[number];

interface ExportMenuProps {
  /** The list's API path with the filters, search and sort on screen (no paging). */
  path: string;
  /** The file's name without its date and extension, e.g. `orders`. */
  name: string;
  /** The button's words; "Export" unless given. */
  label?: string;
}

/**
 * Export: the list as on screen (every page of it) as CSV or Excel, headers in the screen's
 * language (docs/api/lists-and-exports.md). A failure says why in a toast.
 */
export function ExportMenu({ path, name, label }: ExportMenuProps) {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  const { toast } = useToast();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState(false);

  const exportAs = async (format: ExportFormat) => {
    setAnchor(null);
    setPending(true);
    const day = new Date().toISOString().slice(0, 10);
    try {
      await downloadFile(`${path}${path.includes('?') ? '&' : '?'}format=${format}`, () => `${name}-${day}.${format}`, {
        'Accept-Language': language,
      });
    } catch (error) {
      toast({ variant: 'error', title: t('list.exportFailed'), description: describeError(error, t, language) });
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<FileDownloadRoundedIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={pending}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {pending ? t('list.exporting') : (label ?? t('list.export'))}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {formats.map((format) => (
          <MenuItem key={format} onClick={() => void exportAs(format)}>
            <ListItemText primary={t(`list.formats.${format}`)} secondary={t(`list.formatHints.${format}`)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
