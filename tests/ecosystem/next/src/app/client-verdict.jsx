'use client';
import { useEffect, useState } from 'react';
import * as sdk from 'licensing-sdk';
import { verdict } from '../verdict.js';

export default function ClientVerdict() {
  const [text, setText] = useState('');
  useEffect(() => setText(JSON.stringify(verdict(sdk))), []);
  return <pre id="verdict">{text}</pre>;
}
