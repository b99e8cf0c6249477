import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/account/billing')({
  staticData: { titleKey: 'billing' },
  component: BillingScreen,
});

function BillingScreen() {
  return <ScreenIntro screen="billing" icon={ReceiptLongOutlined} />;
}
