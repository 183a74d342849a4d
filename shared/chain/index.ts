export { chainConfig, loadChainConfig, setChainConfig, describeChainConfig, redactUrl, ChainConfigError, type ChainConfig } from './config.js';
export { PRESETS, ANVIL_ACCOUNTS, USDC_DECIMALS, caip2, chainIdOfNetwork, type ChainPreset, type ChainPresetName } from './presets.js';
export { connectChain, getProvider, withSigner, waitForReceipt, chainNow, nextBlockTime, probeChainId, resetChainClients, ChainUnavailableError, ChainMisconfiguredError, type ChainContext, type UsdcInfo } from './provider.js';
export { startAnvil, ensureLocalChain, deployLocal, fundUsdc, anvilBinaryPath, rpcAnswers, type AnvilHandle, type LocalDeployment } from './local-chain.js';
export { commitCertificate, readCommitment, modelCommitStore, onChainView, checkRecordedCommitment, recordLostCommitment, CommitmentMismatchError, CertificateNotFoundError, type CommitStore, type CommitStatus, type CommitOptions, type CommitmentView, type RecordedCommitment, type LostReason } from './commit.js';
export { reconcileCommitments, resetReconcileCursor, type ReconcileOptions, type ReconcileResult } from './reconcile.js';
export { certificateIdToBytes32, bytes32ToCertificateId, payloadHashToBytes32 } from './ids.js';
export { verifyCommitmentWithEthers } from './verify-commitment.js';
export { certificateRegistryArtifact, testUsdcArtifact, testSmartWalletArtifact, USDC_ABI, REGISTRY_CONSUMER_ABI } from './artifacts.js';
