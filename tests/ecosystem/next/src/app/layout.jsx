export const metadata = { title: 'licensing-sdk in Next.js' };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
