// Placeholder until the web app issue lands: proves the build is served and the API answers.
import { useEffect, useState } from "react";

type CategorySummary = { id: number; name: string; postCount: number };

export function App() {
  const [categories, setCategories] = useState<CategorySummary[] | null>(null);
  useEffect(() => {
    fetch("/api/categories")
      .then((response) => (response.ok ? response.json() : []))
      .then(setCategories)
      .catch(() => setCategories([]));
  }, []);
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: 640, margin: "3rem auto", padding: "0 1rem" }}>
      <h1>Tech Forum</h1>
      <p>The forum's API is running. The full web app arrives with the next release.</p>
      {categories === null ? (
        <p>Loading...</p>
      ) : (
        <ul>
          {categories.map((category) => (
            <li key={category.id}>
              {category.name} ({category.postCount})
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
