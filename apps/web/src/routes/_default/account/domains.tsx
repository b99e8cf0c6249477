import DnsOutlined from '@mui/icons-material/DnsOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/account/domains')({
  staticData: { titleKey: 'domains' },
  component: DomainsScreen,
});

function DomainsScreen() {
  return <ScreenIntro screen="domains" icon={DnsOutlined} />;
}
