export default function TrendingPage() {
  return null;
}
