// Tailwind v4 reads its tokens from `@theme` in src/styles/index.css; this file only says
// where class names live, for editors and for anyone reading the project.
export default {
  content: ["./index.html", "./src/**/*.{ts,tsx}"],
}
