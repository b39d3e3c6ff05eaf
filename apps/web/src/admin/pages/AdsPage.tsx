export default function AdsPage() {
  return null;
}
